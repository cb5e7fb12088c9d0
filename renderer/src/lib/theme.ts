/** The CSS picks colours from `data-theme` (system follows prefers-color-scheme). */
export function applyTheme(theme: 'system' | 'light' | 'dark'): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = theme
}
