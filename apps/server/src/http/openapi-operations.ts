/**
 * The words of the API reference: tag descriptions, and per operation (`method path` as the
 * document spells it) its operationId and summary. An operation missing here is described from
 * its method and path (http/openapi.ts); listing it gives it a better name.
 */

export const TAGS: Record<string, string> = {};

export const OPERATIONS: Record<string, [operationId: string, summary: string]> = {};
