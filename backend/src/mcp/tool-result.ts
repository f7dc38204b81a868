import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Deps } from '../context';
import { AppError } from '../errors';
import { knownError } from '../db/outage';

/**
 * What every tool runs with: the services container and the caller, taken from the verified credential
 * of the request (an API key or an OAuth access token), never from a tool's arguments.
 */
export interface ToolContext {
  deps: Deps;
  userId: string;
}

/** A tool's answer: the contract's object as `structuredContent`, and the same in Markdown for the agent to read. */
export function toolResult(structured: object, text: string): CallToolResult {
  return { structuredContent: structured as Record<string, unknown>, content: [{ type: 'text', text }] };
}

/**
 * A failure as a tool result the agent can act on (`isError`): an AppError's own messages, Spanish and
 * English, with its code; anything else is logged and reported as an internal error, so internals never
 * reach the client. No `structuredContent`: clients check it against the tool's output schema.
 */
export function toolError(err: unknown, ctx: ToolContext, tool: string): CallToolResult {
  const known = knownError(err, ctx.deps.outages);
  if (!known) ctx.deps.log.error(`MCP tool ${tool} failed`, err);
  const e = known ?? new AppError('interno');
  const campo = typeof e.detalles?.campo === 'string' ? ` [${e.detalles.campo}]` : '';
  return {
    isError: true,
    content: [{ type: 'text', text: `Error ${e.codigo}${campo}: ${e.mensaje}\n${e.message}` }],
  };
}

/** Runs a tool's body, turning any failure into {@link toolError}. */
export async function guarded(
  ctx: ToolContext,
  tool: string,
  body: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return await body();
  } catch (err) {
    return toolError(err, ctx, tool);
  }
}
