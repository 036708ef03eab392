/**
 * Preload (sandboxed, context-isolated): exposes the typed contract as `window.quayside`, over
 * the MessagePort main hands to this frame. Only `call`, `on` and `fileRef` cross into the page;
 * ipcRenderer, webUtils and the port never do.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createBridge } from './bridge.js';

contextBridge.exposeInMainWorld('quayside', createBridge(ipcRenderer, webUtils));
