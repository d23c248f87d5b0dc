// A prettier worker: formats the chunks it is sent with the options it is given. Plain JavaScript so it
// runs without the TypeScript loader.
import { parentPort } from 'node:worker_threads';
import * as prettier from 'prettier';

parentPort.on('message', async ({ id, text, options }) => {
  try {
    parentPort.postMessage({ id, text: await prettier.format(text, options) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  }
});
