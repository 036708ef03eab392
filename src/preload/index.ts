/**
 * Preload (sandboxed, context-isolated): exposes the typed contract as `window.quayside`.
 * Only `call` and `on` cross into the page; ipcRenderer itself never does.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from './bridge.js';

contextBridge.exposeInMainWorld('quayside', createBridge(ipcRenderer));
