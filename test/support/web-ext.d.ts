// web-ext ships no types; only the programmatic lint the package test calls is declared.
declare module 'web-ext' {
  interface LintMessage {
    code: string;
    message: string;
    file?: string;
  }
  interface LintResult {
    summary: { errors: number; warnings: number; notices: number };
    errors: LintMessage[];
    warnings: LintMessage[];
  }
  const webExt: {
    cmd: {
      lint(
        params: {
          sourceDir: string;
          output?: 'json' | 'text' | 'none';
          boring?: boolean;
          selfHosted?: boolean;
          pretty?: boolean;
          warningsAsErrors?: boolean;
        },
        options?: { shouldExitProgram?: boolean },
      ): Promise<LintResult>;
    };
  };
  export default webExt;
}
