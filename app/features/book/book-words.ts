// How long the owner's own words for the book may be: a dedication is a line or two, a foreword a page
// or two at 6 × 9 in. One home for the server's check and the form's hints.
export const BOOK_WORDS_MAX = { dedication: 500, foreword: 5000 } as const;
