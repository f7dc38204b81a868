import { CODIGOS_ERROR } from '@folio/shared';

/** Guidance for agents that use the API: what to call and the rules for citing. */
export function llmsTxt(publicUrl: string): string {
  const base = `${publicUrl}/api/v1`;
  const errors = Object.entries(CODIGOS_ERROR)
    .map(([code, e]) => `- <a id="${code}"></a>\`${code}\` (${e.estado}): ${e.message}`)
    .join('\n');
  return `# Folio

> Folio is a personal research library. It reads what its user saves (PDFs, books, documents, slides,
> sheets, audio, video, web pages) and keeps every passage with its anchor: the physical page and printed
> folio, the second range, the slide, the section and paragraph. Citations, locators and reader links are
> always built from the stored anchor, never by a language model.

Base URL: ${base}
Machine-readable description: ${base}/openapi.json
Authentication: \`Authorization: Bearer <API key>\`. Scopes: \`lectura\` (list, read, search, ask, verify, read cite jobs), \`escritura\` (upload, correct, delete, cite), \`mcp\` (the MCP server).
Rate limit: per API key, REST and MCP together (\`FOLIO_RATE_LIMIT\` requests a minute, default 600). Every answer of a limited operation carries \`RateLimit-Limit\` (requests a minute), \`RateLimit-Remaining\` (requests you may make now) and \`RateLimit-Reset\` (seconds until the whole limit is back; requests come back at the limit a minute): pace yourself by them. Past the limit: 429 \`limite_de_ritmo\` with \`Retry-After\` (seconds to wait). While the database is down or restarting, any operation answers 503 \`no_disponible\` with \`Retry-After\`: retry after it, nothing was lost.
MCP server (Streamable HTTP): ${publicUrl}/mcp
Field, parameter and enum names are Spanish and exact. Every read operation answers Markdown with \`formato=markdown\` or \`Accept: text/markdown\`.

## Rules for agents
1. Cite only what the API returns. A passage that is not in the user's library is never cited.
2. Copy \`cita\` and \`localizador\` verbatim; never rebuild them yourself.
3. Quote \`texto\` literally when quoting; when paraphrasing, still attach the citation.
4. Give the \`enlace\` so the reader can open the source at that page or second.
5. When a search finds nothing, say so; do not fill the gap from memory.
6. Before asserting that the user's sources support a claim, call \`POST /verificar\`.

## Operations
- \`POST /documentos\` (subir): add a file (raw body with \`?nombre=\`, or multipart field \`archivo\`), or JSON \`{url}\`. Optional \`titulo\`, \`autores\` ('Surname, Given; Surname, Given'), \`anio\`, \`biblioteca\`. Waits up to \`esperar\` seconds (default 60); \`esperar=0\` or \`Prefer: respond-async\` answers 202 with \`progreso_url\`. Same bytes again: 200 with \`duplicado: true\`. Send \`Idempotency-Key\` (up to 255 characters, kept 24 hours) to retry safely: the same request again answers 200 with the document the first one created; the same key with a different file, body or metadata is refused with 409 \`conflicto\` (use a new key for each new request). A 409 \`conflicto\` that carries \`Retry-After\` means the first request with that key is still running (or died holding it): repeat the same request after those seconds.
- Files over 95 MB, up to 4 GB (\`FOLIO_MAX_FILE_GB\`), in parts with the tus 1.0 protocol (an extension of the contract, scope \`escritura\`; any tus client works, the shared API client's \`uploadInParts\` uses tus-js-client): \`POST /subidas\` (crearSubida) with \`Tus-Resumable: 1.0.0\`, \`Upload-Length\` and \`Upload-Metadata\` (\`key base64value\` pairs: nombre, titulo, autores, anio, biblioteca, url, tipo, idempotencia) answers 201 with the upload's \`Location\`; \`PATCH /subidas/{id}\` (enviarParte) sends the bytes from \`Upload-Offset\` as \`application/offset+octet-stream\`; \`HEAD /subidas/{id}\` (estadoSubida) gives the offset to go on from after a cut; \`DELETE /subidas/{id}\` (borrarSubida) gives up. The answer to the last part (and any HEAD after it) names the document in \`X-Folio-Documento\` (\`X-Folio-Duplicado: si\` when the same bytes were already there): read it with \`GET /documentos/{id}?esperar=…\`. Errors keep the protocol's status (409 wrong offset, 404 another user's or expired) with the error body below; 5 uploads and 10 GB in progress per user (parts do not count against the requests per minute; creations do); unfinished ones expire after 24 hours.
- \`GET /documentos\` (listar): \`q\` (title or author), \`estado\`, \`biblioteca\`, \`limite\` (max 200), \`cursor\` (from \`siguiente\`).
- \`GET /documentos/{id}\` (documento): \`esperar\` (seconds, default 0) long-polls until the document is ready; 202 with \`progreso_url\` while it is not.
- Export of references (an extension of the contract): \`GET /documentos?formato=bibtex\` (or \`ris\`, \`csljson\`) answers every document matching \`q\`, \`estado\` and \`biblioteca\` (all pages) as one file for a reference manager; \`GET /documentos/{id}?formato=bibtex\` one document's. Built from the same fields as \`referencia\`.
- \`PATCH /documentos/{id}\` (corregir, scope \`escritura\`; an extension of the contract): correct what the library says about a document. JSON with any of \`titulo\`, \`autores\` (array of 'Surname, Given'), \`anio\` (integer, or null to clear), and the fields references need: \`tipo_obra\` (article-journal, book, chapter, thesis, report, webpage, video, podcast, …), \`contenedor\` (journal, book, site, or a video's channel), \`editores\` (the book's editors, for a chapter), \`genero\` ('Tesis doctoral', 'Informe técnico'), \`volumen\`, \`numero\`, \`paginas\`, \`editorial\`, \`lugar\`, \`edicion\`, \`doi\` ('10.1234/abc'), \`isbn\`, \`url\`, \`idioma\`; null clears a field. At least one field; unknown fields are refused (400 naming the field). The user's values win over what the file says and survive a re-read; \`cita\`, \`referencia\`, search, ask, cite and the MCP tools use them at once. Answers the Documento, with the extra fields in \`detalles_bibliograficos\`; its \`origen_metadatos\` (an extension of the contract, on every Documento) says per field (titulo, autores, anio, idioma, doi, tipo_obra) where the value came from and a fixed confidence: usuario 1, registro 0.95, pagina_web 0.85, xmp 0.8, primera_pagina 0.75, propiedades 0.6, info 0.5, fecha_creacion 0.3, nombre_archivo 0.2. Use it only when the user asks for a correction.
- \`DELETE /documentos/{id}\` (borrar): removes it and everything derived.
- \`GET /documentos/{id}/texto\` (texto): \`desde\`/\`hasta\` take a printed folio (\`45\`, \`xii\`), a physical position (\`[3]\`) or, for audio/video, a time (\`1:02:03\`, \`4:05\`, \`245\`). Without \`hasta\`: \`limite\` units and \`siguiente\` to continue. 409 while there is no text yet.
- \`GET /buscar\` (buscar): \`q\` (required), \`k\` (passages, default 10, max 50), \`documento\` (restrict to documents; repeatable or comma-separated), \`biblioteca\` (one named collection), \`formato\`. A phrase in double quotes (\`"agua subterránea"\`) must appear literally (case and spacing ignored); other words by their stems (and by meaning when the server has an embedding model). Answers \`{consulta, pasajes, ms}\`, best first; each passage has \`texto\`, \`cita\`, \`localizador\`, \`enlace\`, \`ancla\`, \`puntuacion\` (0-1). No passages: the library has nothing on it; say so.
- \`POST /buscar\` (buscarPost): the same as JSON \`{q, k, documentos (array of ids), biblioteca, formato}\`.
- \`POST /verificar\` (verificar, scope \`lectura\`): JSON \`{afirmacion (required), anio, k (passages weighed, default 10, max 50), documentos, biblioteca}\`. Answers \`veredicto\` (respaldada, parcial, sin_respaldo, contradicha), \`respaldada\`, \`probabilidad\` (the probability that the claim is backed, calibrated on labelled claims) and \`pasajes\`, each with \`relacion\` (APOYO_DIRECTO, CONTRADICCION, CONTEXTO, APLICACION_DE_MARCO, IMPOSIBLE_TEMPORAL; the list may grow) and \`respaldo\` (0-1; 0.7 means backed). \`anio\` is the year of the text making the claim: sources dated later cannot back it, so they are not weighed and never count, but they are listed last as \`IMPOSIBLE_TEMPORAL\` with \`respaldo\` 0 so you can tell the user which sources were set aside and why. Only a \`respaldada\` verdict lets you say the user's sources support the claim. \`juez\` (an extension of the contract) says which judge answered: \`lexico\` (no model; it compares words and cannot recognise a paraphrase) or \`nli\`. With the lexical judge, \`sin_respaldo\` or \`parcial\` means no passage states the claim in the same words: the answer then has \`nota\` (Spanish, for the user: the closest passage and the command that installs the NLI model, \`npm run folio -- models pull nli\`) and \`cercano\` (that passage's id); say that, not that nothing backs the claim.
- \`POST /preguntar\` (preguntar): JSON \`{pregunta, k (default 8, max 12), documentos, biblioteca, stream}\`. The answer's every footnote \`[^n]\` was checked against its passage (unbacked sentences are left out); \`fuentes\` are exactly the cited passages, so copy their \`cita\`. \`confianza\` is alta, media or baja; with \`baja\` and no \`fuentes\`, the library has nothing on it: say so. \`stream: true\` (or \`Accept: text/event-stream\`) sends events \`pasajes\`, \`texto\`, \`fuente\`, then \`fin\` or \`error\`. 502 \`proveedor_fallo\`: retry.
- \`POST /citar\` (citar): JSON \`{texto, estilo (CSL id, default apa), idioma (default es-ES), umbral (default 0.7), documentos, biblioteca}\`, or a .docx body (query \`estilo\`, \`idioma\`, …; \`formato=docx\` returns the cited .docx). Citations are inserted only after claims a passage of the library backs (\`respaldo\` ≥ \`umbral\`); the rest of the text is unchanged. \`citas\` says which passage backs each; \`bibliografia\` lists each work once; \`juez\` and, when the lexical judge left claims uncited that a passage came close to, \`nota\` say the same as for verify. Waits up to \`esperar\` (default 120), else 202 and \`GET /citar/{id}\` (citado; scope \`lectura\` or \`escritura\`, your own jobs only) long-polls with \`esperar\`. \`Idempotency-Key\` works as for uploads (same key, different text or options: 409 \`conflicto\`). \`GET /estilos\` lists the styles and locales; \`POST /estilos\` registers a CSL file and \`DELETE /estilos/{id}\` removes one you registered (scope \`escritura\`; an extension of the contract). 402 \`cuota_superada\`: the plan's citation quota is used up.

## MCP server
\`${publicUrl}/mcp\` speaks the Model Context Protocol over Streamable HTTP (stateless: POST only). Tools: \`search\` (passages, as \`POST /buscar\`), \`open_page\` (one page, section, slide or stretch of a recording by printed folio such as \`xii\`, physical position \`[21]\` or time \`1:02:03\`), \`verify_claim\` (as \`POST /verificar\`) and \`cite\` (as \`POST /citar\`; when still working, call it again with \`trabajo\`). Each answers \`structuredContent\` with the contract's fields (\`cita\`, \`localizador\`, \`enlace\`, \`ancla\`, \`texto\`) and the same as Markdown; the rules above hold for them too.
Authentication: \`Authorization: Bearer <API key with the mcp scope>\`, or OAuth 2.1 sign-in: a request without credentials gets 401 with \`WWW-Authenticate: Bearer resource_metadata="${publicUrl}/.well-known/oauth-protected-resource"\`, which leads an MCP client through dynamic registration, the user's consent in the browser and the authorization code with PKCE (S256) to a token bound to the user with the \`mcp\` scope.

## Example
\`\`\`
curl -H "Authorization: Bearer $FOLIO_KEY" --data-binary @book.pdf "${base}/documentos?nombre=book.pdf"
curl -H "Authorization: Bearer $FOLIO_KEY" "${base}/documentos/<id>/texto?desde=iii&hasta=v&formato=markdown"
\`\`\`

## Errors
Every error is \`{"error": {"codigo", "mensaje" (Spanish), "message" (English), "estado", "documentacion"}}\`.
${errors}
`;
}
