/**
 * The loopback SMTP sink of bench/mail.ts, in a process of its own as a real mail server would
 * be: accepts every message, prints its port, and answers `count` on stdin with the number of
 * messages received so far.
 */
import readline from 'node:readline';
import { startRecordingServer } from '../api/src/engines/mail/outbound/engine-fixtures';

const sink = await startRecordingServer();
console.log(`port ${sink.port}`);
const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line.trim() === 'count') console.log(`count ${sink.received.length}`);
});
lines.on('close', () => {
  void sink.close().then(() => process.exit(0));
});
