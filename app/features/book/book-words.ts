export const BOOK_WORDS_MAX = { dedication: 500, foreword: 5000 } as const;
