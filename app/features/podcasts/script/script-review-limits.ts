// Without Zod, so the page's line form can read them.

export const SEGMENT_TEXT_MAX = 5000;

export const lineField = (index: number) => `line-${index}`;
export const LINE_FIELD = /^line-(\d{1,5})$/;
