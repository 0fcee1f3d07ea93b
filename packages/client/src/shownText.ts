/**
 * What a name or a chat line may not hold, because it would not show as text: control
 * characters (C0 and C1: a terminal's escape sequences, line breaks, tabs, DEL), the line and
 * paragraph separators, and the bidi embeddings, overrides and isolates that reorder the text
 * around them (a name that reads as another's). The server refuses them in what a client
 * writes; a front end that prints to a terminal also replaces them in what it shows, for text
 * stored before they were refused.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSHOWN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const UNSHOWN_ALL = new RegExp(UNSHOWN.source, "g");

/** True when a text holds no control character, line separator or bidi override. */
export const isShowableText = (text: string): boolean => !UNSHOWN.test(text);

/** A text with every control character, line separator and bidi override made a space. */
export const showable = (text: string): string => text.replace(UNSHOWN_ALL, " ");
