// Text for the desktop's notification daemon. On Linux Electron hands the title and body to
// libnotify as they are, and a daemon that advertises `body-markup` (GNOME Shell, KDE Plasma,
// dunst, mako, xfce4-notifyd) reads the body as markup: <b> <i> <u> <a href> <img src alt> and
// `&` entities (the freedesktop Desktop Notifications spec). Memos and wallet names are written by
// other people, so here they can become neither a link, nor an image to fetch, nor a spoofed line.
// Tags are taken out and the three markup characters replaced by look-alikes no daemon interprets;
// escaping them as entities instead would show a literal "&lt;" wherever markup is not read
// (daemons without it, macOS, Windows).

import { cleanText } from '@shared/cleanText'

/** Enough for any line shown; a hostile megabyte memo is cut before any other work. */
const MAX_INPUT = 4096
/** A tag as the spec's markup would read it: `<b>`, `</a>`, `<img src=…>`, `<a href="…">`. */
const TAG = /<\/?[A-Za-z][^<>]*>/g
const LOOK_ALIKE: Record<string, string> = { '<': '\u2039', '>': '\u203A', '&': '\uFF06' }

/** One line through the one cleaner (controls and invisible characters out), then no markup. */
const inertLine = (line: string) =>
  cleanText(line, MAX_INPUT)
    .replace(TAG, '')
    .replace(/[<>&]/g, (c) => LOOK_ALIKE[c] as string)

/** `text` with no markup left for a notification daemon to read, newlines kept. */
export function inertText(text: string): string {
  return text.slice(0, MAX_INPUT).split('\n').map(inertLine).join('\n')
}

/**
 * One short inert line: whitespace runs become one space, and a line longer than `max` characters
 * (code points, so an emoji is never cut in half) ends with `…`.
 */
export function notificationLine(text: string, max: number): string {
  return cleanText(inertLine(text.slice(0, MAX_INPUT)), max)
}
