import type { OAuthMetadata, OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { CLIENT_AUTH_METHODS, GRANT_TYPES, OAUTH_SCOPE } from '../services/oauth/register-client';
import { mcpResourceUrl } from './urls';

/** RFC 9728: the MCP server names its resource, the authorization server (this same service) and its one scope. */
export function protectedResourceMetadata(publicUrl: string): OAuthProtectedResourceMetadata {
  return {
    resource: mcpResourceUrl(publicUrl),
    authorization_servers: [publicUrl],
    scopes_supported: [OAUTH_SCOPE],
    bearer_methods_supported: ['header'],
    resource_name: 'Folio',
    resource_documentation: `${publicUrl}/api/v1/llms.txt`,
  };
}

/** RFC 8414: where a client registers, sends the user to consent, and gets tokens; S256 only. */
export function authorizationServerMetadata(publicUrl: string): OAuthMetadata {
  return {
    issuer: publicUrl,
    authorization_endpoint: `${publicUrl}/oauth/autorizar`,
    token_endpoint: `${publicUrl}/oauth/token`,
    registration_endpoint: `${publicUrl}/oauth/registro`,
    revocation_endpoint: `${publicUrl}/oauth/revocar`,
    scopes_supported: [OAUTH_SCOPE],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: [...GRANT_TYPES],
    token_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS],
    revocation_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS],
    code_challenge_methods_supported: ['S256'],
    service_documentation: `${publicUrl}/api/v1/llms.txt`,
    authorization_response_iss_parameter_supported: true,
  };
}
