// The script review's limits without Zod: the page's line form reads them, and importing them from the
// schema module would bring every schema and Zod to the browser (decision 0183).

/** About ten minutes of speech in one line: far beyond a written segment, short of a pasted book. */
export const SEGMENT_TEXT_MAX = 5000;

/** The field of line `index` in the script form: every line is posted with each of its buttons. */
export const lineField = (index: number) => `line-${index}`;
export const LINE_FIELD = /^line-(\d{1,5})$/;
