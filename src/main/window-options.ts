/**
 * The window's construction options and the page limits, in one place so a test reads exactly
 * what the shell uses (Electron's security checklist: isolation, sandbox, no Node, no webview,
 * no navigation by dropping a file).
 */
import type { BrowserWindowConstructorOptions } from 'electron';

/** Where the window was and how large, kept in window-state.json (window-state.ts). */
export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized?: boolean;
}

export const MIN_WIDTH = 960;
export const MIN_HEIGHT = 600;

export function windowOptions(options: { preload: string; bounds: WindowBounds; icon?: string }): BrowserWindowConstructorOptions {
  const { bounds } = options;
  return {
    ...(bounds.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : {}),
    width: bounds.width,
    height: bounds.height,
    minWidth: MIN_WIDTH,
    minHeight: MIN_HEIGHT,
    show: false,
    title: 'Quayside',
    ...(options.icon ? { icon: options.icon } : {}),
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  };
}
