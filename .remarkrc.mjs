// `npm run lint:docs`: every relative link and picture of the README, the guides, CONTRIBUTING.md and CHANGELOG.md
// points at a file of the repository and, with a #fragment, at a heading that file has (as GitHub names headings).
// The project names no hosted repository, so links are checked as files here and not as addresses of one.
import remarkValidateLinks from 'remark-validate-links';

export default {
  plugins: [[remarkValidateLinks, { repository: false }]],
};
