import { CopyField } from "~/components/ui/copy-field";
import { testimonialMessages } from "~/features/testimonials/messages";

const text = {
  label: "Share link",
  copy: testimonialMessages.admin.copyLink,
  open: testimonialMessages.admin.openLink,
  copied: testimonialMessages.admin.copied,
  failed: testimonialMessages.admin.copyFailed,
};

export function ShareLink({ url, describedBy }: { url: string; describedBy?: string }) {
  return <CopyField url={url} text={text} describedBy={describedBy} testId="share-link" />;
}
