export * from './auth';
export * from './ranks';
export * from './merge-feedback';
export * from './difficulty';
export * from './languages';
export * from './format';
export * from './pagination';
export * from './contributor';
