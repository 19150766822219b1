import { lazy } from '../lazy.js';

/* The settings page and panel bring a preview board and their stylesheet: loaded when opened. */
export const LazySettingsPage = lazy(() => import('./settings-page.js').then((m) => m.SettingsPage));
export const LazySettingsPanel = lazy(() => import('./settings-panel.js').then((m) => m.SettingsPanel));
