import { MCP_TOOLS } from './server';
import { protectedResourceMetadataUrl } from './urls';

/** What /health says of the MCP server: where it is, its tools and how callers sign in. */
export function mcpHealthSection(publicUrl: string) {
  return {
    url: `${publicUrl}/mcp`,
    transporte: 'streamable-http, sin sesiones',
    herramientas: MCP_TOOLS,
    autenticacion: ["clave de API con el permiso 'mcp'", 'OAuth 2.1 (código de autorización con PKCE S256)'],
    metadatos_oauth: protectedResourceMetadataUrl(publicUrl),
  };
}
