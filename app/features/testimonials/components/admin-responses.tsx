import { useState } from "react";

import { Card } from "~/components/ui/card";
import { testimonialMessages } from "~/features/testimonials/messages";
import { formatMegabytes } from "~/features/testimonials/upload-limits";
import { formatClock } from "~/lib/text-format";

export type AdminResponseView = {
  id: string;
  respondentName: string;
  respondentEmail: string;
  submittedLabel: string;
  consentLabel: string;
  responses: Array<{ questionIndex: number; question: string; response: string }>;
  selectedQuestions: Array<{ questionIndex: number; question: string }>;
  videoUrl: string | null;
  adminVideoUrl: string | null;
  videoSize: number | null;
  videoDuration: number | null;
};

export function ResponseList({ responses }: { responses: AdminResponseView[] }) {
  if (!responses.length) return <p className="text-muted-foreground">{testimonialMessages.admin.noResponses}</p>;
  return (
    <ul className="space-y-4">
      {responses.map((r) => (
        <li key={r.id} data-testid="testimonial-response">
          <Card className="space-y-3 p-4">
            <div>
              <h3 className="text-lg font-semibold">{r.respondentName}</h3>
              <p className="text-sm">
                <a href={`mailto:${r.respondentEmail}`} className="text-primary hover:underline">
                  {r.respondentEmail}
                </a>
              </p>
              <p className="text-sm text-muted-foreground">
                {testimonialMessages.admin.submitted}: {r.submittedLabel} · {testimonialMessages.admin.consent}:{" "}
                {r.consentLabel}
              </p>
            </div>
            {r.selectedQuestions.length ? (
              <div data-testid="selected-questions">
                <h4 className="text-sm font-medium">{testimonialMessages.admin.answeredOnVideo}</h4>
                <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
                  {r.selectedQuestions.map((q) => (
                    <li key={q.questionIndex}>{q.question}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {r.videoUrl && r.adminVideoUrl ? (
              <ResponseVideo
                videoUrl={r.videoUrl}
                adminVideoUrl={r.adminVideoUrl}
                knownDuration={r.videoDuration}
                size={r.videoSize}
              />
            ) : (
              <p className="text-sm text-muted-foreground">{testimonialMessages.admin.noVideo}</p>
            )}
            {r.responses.length ? (
              <dl className="space-y-2">
                {r.responses.map((answer) => (
                  <div key={answer.questionIndex}>
                    <dt className="text-sm font-medium">{answer.question}</dt>
                    <dd className="whitespace-pre-wrap text-sm text-muted-foreground">{answer.response}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}

function ResponseVideo({
  videoUrl,
  adminVideoUrl,
  knownDuration,
  size,
}: {
  videoUrl: string;
  adminVideoUrl: string;
  knownDuration: number | null;
  size: number | null;
}) {
  const [src, setSrc] = useState(videoUrl);
  const [duration, setDuration] = useState<number | null>(knownDuration);
  return (
    <div className="space-y-1">
      <video
        controls
        preload="metadata"
        src={src}
        className="max-h-[60vh] w-full rounded-lg bg-black"
        data-testid="response-video"
        onError={() => {
          if (src !== adminVideoUrl) setSrc(adminVideoUrl);
        }}
        onLoadedMetadata={(event) => {
          const seconds = event.currentTarget.duration;
          if (Number.isFinite(seconds) && seconds > 0) {
            setDuration(seconds);
            return;
          }
          // MediaRecorder's WebM reports no duration: the server measured it.
          void fetch(videoUrl, { method: "HEAD" })
            .then((response) => Number(response.headers.get("X-Video-Duration")))
            .then((header) => {
              if (Number.isFinite(header) && header > 0) setDuration(header);
            })
            .catch(() => {});
        }}
      >
        <track kind="captions" />
      </video>
      <p className="flex flex-wrap gap-3 text-xs text-muted-foreground">
        {duration !== null ? (
          <span data-testid="video-duration">
            {testimonialMessages.admin.duration}: {formatClock(duration)}
          </span>
        ) : null}
        {size !== null ? <span>{formatMegabytes(size)} MB</span> : null}
        <a href={adminVideoUrl} className="text-primary hover:underline">
          {testimonialMessages.admin.downloadVideo}
        </a>
      </p>
    </div>
  );
}
