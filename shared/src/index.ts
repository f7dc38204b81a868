export * from './contract/ancla';
export * from './contract/documento';
export * from './contract/texto';
export * from './contract/pasaje';
export * from './contract/error';
export * from './contract/requests';
