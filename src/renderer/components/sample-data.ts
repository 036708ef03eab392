/** Switching between the sample data and the real cache: main reopens the data and reloads the window. */
import { call, messageOf } from '../api/call';
import { useUi } from '../state/ui';

export async function switchSampleData(on: boolean): Promise<void> {
  try {
    await call('settings.sampleData', { on });
    useUi.getState().toast(on ? 'Opening the sample data…' : 'Opening your own shipments…', 'info');
  } catch (err) {
    useUi.getState().toast(messageOf(err));
  }
}
