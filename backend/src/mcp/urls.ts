/** The MCP server's address, which is also its OAuth resource identifier (RFC 8707): tokens are bound to it. */
export const mcpResourceUrl = (publicUrl: string): string => `${publicUrl}/mcp`;

/** Where the protected resource metadata (RFC 9728) is served; named in every 401 of /mcp. */
export const protectedResourceMetadataUrl = (publicUrl: string): string =>
  `${publicUrl}/.well-known/oauth-protected-resource`;

/** Where the authorization server metadata (RFC 8414) is served; the issuer is `publicUrl` itself. */
export const authorizationServerMetadataUrl = (publicUrl: string): string =>
  `${publicUrl}/.well-known/oauth-authorization-server`;
