import type { Services } from '../services.ts';

// Placeholder until webhook registration lands (issue 4); the CLI contract already names it.
export async function createWebhookFromCli(_services: Services, _input: { userId: string; url: string; events: string }): Promise<unknown> {
  throw new Error('webhook registration is not available yet');
}
