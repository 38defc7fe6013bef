export { formatText } from './format-text';
export { FormattedText } from './formatted-text';
