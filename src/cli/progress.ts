// A progress bar on stderr for long-running CLI work, drawn only when stderr is a terminal
// (a script or a log file gets the JSON result alone).
const WIDTH = 30;

export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr): { update(done: number, total: number): void; end(): void } {
  if (!stream.isTTY) return { update() {}, end() {} };
  let drawn = false;
  return {
    update(done, total) {
      const filled = total ? Math.round((done / total) * WIDTH) : WIDTH;
      stream.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${done.toLocaleString('en')}/${total.toLocaleString('en')}`);
      drawn = true;
    },
    end() {
      if (drawn) stream.write('\n');
    },
  };
}
