// `rz serve` from the compiled build (dist/, as `rz serve` runs after an install), without tsx's
// loader, for the benchmark's RSS figures (bench/cpu.ts). Speaks bench/server.ts's IPC: `{ port }`
// when listening, then its CPU time and memory in answer to every message.
const { loadConfig } = await import('../dist/config.js');
const { start } = await import('../dist/server.js');
const running = await start('serve', loadConfig({ ...process.env, RZ_HOST: '127.0.0.1', RZ_PORT: '0' }));
process.on('message', () => {
  const cpu = process.cpuUsage();
  process.send({ cpuMicros: cpu.user + cpu.system, rss: process.memoryUsage.rss(), maxRss: process.resourceUsage().maxRSS * 1024 });
});
process.send({ port: running.app.server.address().port });
process.on('SIGINT', () => process.exit(0));
process.on('disconnect', () => process.exit(0));
