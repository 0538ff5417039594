import { fireEvent, screen } from '@testing-library/react';

export const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

/** Picks a PDF in the upload field labelled `label` and waits for its link to show. */
export async function uploadPdf(label: string, name: string, within: HTMLElement = document.body) {
  const input = within.querySelector<HTMLInputElement>(`#${CSS.escape(labelFor(label, within))}`);
  if (!input) throw new Error(`no upload field ${label}`);
  fireEvent.change(input, { target: { files: [pdf(name)] } });
  await screen.findByRole('link', { name });
}

function labelFor(text: string, within: HTMLElement): string {
  const label = [...within.querySelectorAll('label')].find((element) => element.textContent === text);
  const id = label?.getAttribute('for');
  if (!id) throw new Error(`no label ${text}`);
  return id;
}

/** Types a `YYYY-MM-DD` date into the date picker labelled `label`. */
export async function typeDate(
  user: { click(element: Element): Promise<void>; type(element: Element, text: string): Promise<void> },
  label: string,
  value: string,
  within: HTMLElement = document.body,
) {
  const input = within.querySelector<HTMLInputElement>(`#${CSS.escape(labelFor(label, within))}`);
  if (!input) throw new Error(`no date field ${label}`);
  await user.click(input);
  await user.type(input, `${value}{Enter}`);
}
