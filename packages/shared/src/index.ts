export * from './roles';
export * from './quota';
export * from './channel-types';
export * from './options';
export * from './messages';
export * from './option-rules';
export * from './statuses';
export * from './channel-models';
