import { CopyField } from "~/components/ui/copy-field";
import { testimonialMessages } from "~/features/testimonials/messages";

const a = testimonialMessages.admin;
const text = { label: "Share link", copy: a.copyLink, open: a.openLink, copied: a.copied, failed: a.copyFailed };

export function ShareLink({ url, describedBy }: { url: string; describedBy?: string }) {
  return <CopyField url={url} text={text} describedBy={describedBy} testId="share-link" />;
}
