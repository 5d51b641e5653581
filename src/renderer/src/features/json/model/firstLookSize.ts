/**
 * How much of a document the window reads itself before its worker has the
 * whole, at most: more rows than a screen shows at the usual depths, and
 * little work for code that runs cold (not yet compiled) when a page opens:
 * 64 KB took 10-25 ms in Chromium's first run of it, 16 KB a quarter of that.
 */
export const FIRST_LOOK_CHARS = 16 * 1024;
