// Plays Electron's utilityProcess for the shell's tests: the engine entry runs in a worker thread
// with `process.parentPort` as Electron gives it ({data, ports} messages, MessagePortMain-shaped
// ports), so the real entry, the real MessagePorts and the real engine are what is tested.
import { EventEmitter } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}

const asPortMain = (port) => ({
  on(event, listener) {
    if (event === 'message') port.on('message', (data) => listener({ data }));
    else port.on(event, listener);
  },
  postMessage: (message) => port.postMessage(message),
  start: () => port.start(),
  close: () => port.close(),
});

const emitter = new EventEmitter();
parentPort.on('message', (message) => emitter.emit('message', { data: message.data, ports: (message.ports ?? []).map(asPortMain) }));
process.parentPort = {
  on: (event, listener) => void emitter.on(event, listener),
  postMessage: (message) => parentPort.postMessage(message),
};
await import(workerData.entry);
