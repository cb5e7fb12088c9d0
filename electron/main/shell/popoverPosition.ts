// Keeps the popover inside the display's work area. menubar places it by the tray icon, but its
// positioner only pulls back a window that overflows to the right: an icon near the left or top
// edge (a top or left taskbar, a crowded menu bar) would put part of it off screen.
export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

/** The window moved the least distance that puts it inside `area` (its top-left corner if bigger). */
export function clampToWorkArea(win: Rect, area: Rect): { x: number; y: number } {
  const clamp = (v: number, min: number, max: number) => Math.round(Math.max(min, Math.min(v, max)))
  return {
    x: clamp(win.x, area.x, area.x + area.width - win.width),
    y: clamp(win.y, area.y, area.y + area.height - win.height),
  }
}
