/**
 * The native menu, as a template built from plain values (so a test reads the accelerators) and
 * the shell's actions. Reload and developer tools only in development; zoom always (it helps
 * people who need larger text).
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { Events } from '../shared/contract/index.js';
import { NUMBERED_VIEWS } from '../shared/views.js';

export interface MenuActions {
  importFile(): void;
  backUp(): void;
  restore(): void;
  toggleDemo(): void;
  show(view: Events['window.show']['view']): void;
  openDataFolder(): void;
  about(): void;
}

export interface MenuState {
  platform: NodeJS.Platform;
  dev: boolean;
  demo: boolean;
}

export function menuTemplate(state: MenuState, actions: MenuActions): MenuItemConstructorOptions[] {
  const mac = state.platform === 'darwin';
  const settings: MenuItemConstructorOptions = { label: mac ? 'Settings…' : 'Settings', accelerator: 'CmdOrCtrl+,', click: () => actions.show('settings') };
  const template: MenuItemConstructorOptions[] = [];
  if (mac) {
    template.push({
      label: 'Quayside',
      submenu: [
        { label: 'About Quayside', click: actions.about },
        { type: 'separator' },
        settings,
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit', accelerator: 'Cmd+Q' },
      ],
    });
  }
  template.push({
    label: 'File',
    submenu: [
      { label: 'Import Spreadsheet…', accelerator: 'CmdOrCtrl+O', click: actions.importFile },
      { type: 'separator' },
      { label: 'Back Up Cache…', accelerator: 'CmdOrCtrl+Shift+B', click: actions.backUp },
      { label: 'Restore from Backup…', click: actions.restore },
      { type: 'separator' },
      { label: state.demo ? 'Leave Sample Data' : 'Explore with Sample Data', click: actions.toggleDemo },
      ...(mac ? [] : ([{ type: 'separator' }, settings, { type: 'separator' }, { role: 'quit', label: 'Exit', accelerator: 'Ctrl+Q' }] as MenuItemConstructorOptions[])),
    ],
  });
  template.push({
    label: 'Edit',
    submenu: [
      { role: 'undo', accelerator: 'CmdOrCtrl+Z' },
      { role: 'redo', accelerator: mac ? 'Cmd+Shift+Z' : 'Ctrl+Y' },
      { type: 'separator' },
      { role: 'cut', accelerator: 'CmdOrCtrl+X' },
      { role: 'copy', accelerator: 'CmdOrCtrl+C' },
      { role: 'paste', accelerator: 'CmdOrCtrl+V' },
      { role: 'selectAll', accelerator: 'CmdOrCtrl+A' },
    ],
  });
  template.push({
    label: 'View',
    submenu: [
      // Ctrl+1…9 in the navigation's order (src/shared/views.ts).
      ...NUMBERED_VIEWS.map((v): MenuItemConstructorOptions => ({ label: v.name, accelerator: `CmdOrCtrl+${v.key}`, click: () => actions.show(v.id) })),
      { type: 'separator' },
      { role: 'resetZoom', accelerator: 'CmdOrCtrl+0' },
      { role: 'zoomIn', accelerator: 'CmdOrCtrl+=' },
      { role: 'zoomOut', accelerator: 'CmdOrCtrl+-' },
      { type: 'separator' },
      { role: 'togglefullscreen', accelerator: mac ? 'Ctrl+Cmd+F' : 'F11' },
      ...(state.dev
        ? ([{ type: 'separator' }, { role: 'reload', accelerator: 'CmdOrCtrl+R' }, { role: 'toggleDevTools', accelerator: mac ? 'Alt+Cmd+I' : 'Ctrl+Shift+I' }] as MenuItemConstructorOptions[])
        : []),
    ],
  });
  template.push({
    label: 'Window',
    submenu: [{ role: 'minimize', accelerator: 'CmdOrCtrl+M' }, ...(mac ? ([{ role: 'zoom' }, { type: 'separator' }, { role: 'front' }] as MenuItemConstructorOptions[]) : [{ role: 'close', accelerator: 'Ctrl+W' } as MenuItemConstructorOptions])],
  });
  template.push({
    role: 'help',
    submenu: [
      ...(mac ? [] : [{ label: 'About Quayside', click: actions.about }]),
      { label: 'Open Data Folder', click: actions.openDataFolder },
    ],
  });
  return template;
}
