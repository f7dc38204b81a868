import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Deps } from '../context';
import { AGENT_RULES } from './rules';
import { registerCiteTool } from './tools/cite';
import { registerOpenPageTool } from './tools/open-page';
import { registerSearchTool } from './tools/search';
import { registerVerifyClaimTool } from './tools/verify-claim';

/** The tools the server offers, in the order it lists them (also named in /health and llms.txt). */
export const MCP_TOOLS = ['search', 'open_page', 'verify_claim', 'cite'] as const;

/**
 * An MCP server for one request of one caller: the four tools, each closed over `userId`, which comes from
 * the request's verified credential, so no argument of any tool can reach another user's library.
 */
export function createMcpServer(deps: Deps, userId: string): McpServer {
  const server = new McpServer(
    { name: 'folio', title: 'Folio', version: '1.0.0', websiteUrl: deps.config.publicUrl },
    { instructions: AGENT_RULES, capabilities: { tools: {} } },
  );
  const ctx = { deps, userId };
  registerSearchTool(server, ctx);
  registerOpenPageTool(server, ctx);
  registerVerifyClaimTool(server, ctx);
  registerCiteTool(server, ctx);
  return server;
}
