import { defineBackground } from 'wxt/utils/define-background';
import { startBackground } from '../background/main';

export default defineBackground(() => startBackground());
