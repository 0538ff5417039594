import { type RenderedPage, renderPdfPages } from './pdf-pages.ts';
import { buildTextTemplatePdf, type TextTemplateDocument } from './text-template-pdf.ts';

/** The pages of a text template, filled in: laid out as a PDF, then rendered to images. Runs off the event loop. */
export async function renderTextTemplate(doc: TextTemplateDocument): Promise<RenderedPage[]> {
  return renderPdfPages(await buildTextTemplatePdf(doc));
}

export { renderPdfPages };
