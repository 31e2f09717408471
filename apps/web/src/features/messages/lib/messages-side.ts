/** Whose messages: a company's (to contributors) or a contributor's (from companies). */
export type MessagesSide = 'company' | 'contributor';
