import { vi } from 'vitest';

export interface FakeUploadReply {
  status: number;
  body: unknown;
}

/** By default an upload answers as the server stores it: the file under `/api/files/<its name>`. */
const storedUnderItsName = (file: File): FakeUploadReply => ({
  status: 200,
  body: {
    code: 200,
    msg: 'OK',
    data: [{ id: file.name, url: `/api/files/${file.name}`, name: file.name, type: file.type, size: 1 }],
  },
});

/**
 * Replaces XMLHttpRequest (what uploads use, for their progress) with one that answers every upload with
 * `reply(file)` on the next tick. Answers the FormData bodies sent, in order.
 */
export function stubUploads(reply: (file: File) => FakeUploadReply = storedUnderItsName): FormData[] {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    abort() {}
    send(body: FormData) {
      sent.push(body);
      const answer = reply(body.get('file') as File);
      setTimeout(() => {
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
