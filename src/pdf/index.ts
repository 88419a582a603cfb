export * from './documents';
export * from './invoice';
export { shopInfo, type ShopInfo } from './parts';
