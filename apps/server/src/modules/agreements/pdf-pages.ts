import { MAX_TEMPLATE_PAGES } from '@kxt/contracts/agreements';
import { createCanvas, DOMMatrix, ImageData, Path2D } from '@napi-rs/canvas';

/**
 * Renders PDF pages to JPEG images with pdf.js (`pdfjs-dist`, Apache-2.0) drawing on `@napi-rs/canvas` (Skia, MIT,
 * prebuilt per platform through npm). mupdf's WASM build would do as well, but it is AGPL-3.0: a hosted product
 * using it would have to offer its own source to every user. Runs off the event loop (template-pages.ts).
 */

/** Page images are this many pixels wide (150 dpi for A4): sharp on a phone and readable when zoomed. */
export const PAGE_WIDTH_PX = 1240;

export class PdfRenderError extends Error {
  constructor(readonly reason: 'unreadable' | 'tooManyPages') {
    super(reason);
    // Errors cross the worker thread by name and message only.
    this.name = 'PdfRenderError';
  }
}

/** Pages are JPEG: a third of a PNG's size for anti-aliased text, with no artefacts visible at this quality. */
const JPEG_QUALITY = 82;

export interface RenderedPage {
  jpeg: Uint8Array;
  width: number;
  height: number;
}

// pdf.js draws glyph outlines with the canvas's Path2D and matrices; in Node they come from the same canvas package.
Object.assign(globalThis, { Path2D, DOMMatrix, ImageData });

export async function renderPdfPages(bytes: Uint8Array): Promise<RenderedPage[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let document: Awaited<ReturnType<typeof getDocument>['promise']>;
  try {
    document = await getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      verbosity: 0,
    }).promise;
  } catch {
    throw new PdfRenderError('unreadable');
  }
  try {
    if (document.numPages > MAX_TEMPLATE_PAGES) throw new PdfRenderError('tooManyPages');
    const pages: RenderedPage[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: PAGE_WIDTH_PX / base.width });
      const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      type RenderParameters = Parameters<typeof page.render>[0];
      await page.render({
        // pdf.js types its canvas as the DOM's; @napi-rs/canvas implements the part it uses.
        canvasContext: context as unknown as RenderParameters['canvasContext'],
        canvas: canvas as unknown as RenderParameters['canvas'],
        viewport,
      }).promise;
      pages.push({
        jpeg: new Uint8Array(canvas.toBuffer('image/jpeg', JPEG_QUALITY)),
        width: canvas.width,
        height: canvas.height,
      });
      page.cleanup();
    }
    return pages;
  } catch (error) {
    if (error instanceof PdfRenderError) throw error;
    throw new PdfRenderError('unreadable');
  } finally {
    await document.destroy();
  }
}
