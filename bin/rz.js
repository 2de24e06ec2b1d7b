#!/usr/bin/env node
// Thin launcher so `npx rz ...` works without a build step: tsx loads the TypeScript sources.
import { register } from 'tsx/esm/api';
register();
await import('../src/cli.ts');
