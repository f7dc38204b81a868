/**
 * The spec's rules for agents, as the MCP server states them: once to the client at initialize
 * (`instructions`), and again, for the part that concerns it, in each tool's description, because many
 * clients show an agent only the tool list.
 */
export const AGENT_RULES = [
  'Folio is the user’s personal research library. Its tools answer from the user’s own documents only.',
  '1. Cite only what these tools return: never a source, page or quotation from memory.',
  '2. Copy `cita` and `localizador` verbatim; never rebuild or reformat them.',
  '3. Quote `texto` literally when quoting; when paraphrasing, still attach the `cita`.',
  '4. Give the `enlace`, so the user can open the source at that page or second.',
  '5. When a tool finds nothing, say so plainly; do not fill the gap from memory.',
  '6. Before asserting that the user’s sources support a claim, call verify_claim and say what it found.',
].join('\n');

/** The citing rules every tool description repeats. */
export const CITING_RULES =
  'Cite only what Folio returns; copy `cita` and `localizador` verbatim; quote `texto` literally (or attach the ' +
  '`cita` when paraphrasing); give the `enlace`.';

/** Appended to a tool's text answer when it found nothing, so the agent says so instead of improvising. */
export const NOTHING_FOUND =
  'Nothing was found in the user’s library: tell the user so, and do not cite anything from memory.';
