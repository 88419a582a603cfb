export * from './documents';
export * from './invoice';
export * from './receipt';
export { shopInfo, type ShopInfo } from './parts';
export * from './cashup';
