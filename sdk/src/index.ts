// @rz/sdk: a typed client for RZ's public API and webhook verification.
export { RzClient, type RzClientOptions, type RequestOptions, type Answer, type Page, type ListPath, type PathsWith, type Schemas, type Method } from './client.ts';
export { RzError, type RzValidationIssue } from './errors.ts';
export { verifyWebhook, verifyRzSignature, verifyStandardSignature, WebhookVerificationError, type WebhookEvent, type WebhookHeaders, type VerifyOptions } from './webhooks.ts';
export type { paths, components, operations } from './openapi.ts';
