import { videoEmbedAddress } from "@formloom/core/media-embeds";
import type { ComponentType } from "react";
import type { FieldProps } from "../field-props.ts";
import { useTranslate } from "../translate-context.ts";
import "./question-media.css";

/** Media are played from the web or the site itself, never from script or data addresses. */
const SAFE_MEDIA_URL = /^(https?:\/\/|\/(?!\/))/i;

/** The video or audio a question shows above its answer (the element's fieldVideoAudioSettings). */
export function QuestionMedia({ element }: Pick<FieldProps, "element">) {
  const translate = useTranslate();
  const { mediaLink, mediaType } = element.fieldVideoAudioSettings;
  if (!mediaType || !SAFE_MEDIA_URL.test(mediaLink)) return null;
  if (mediaType === "audio") {
    return (
      // biome-ignore lint/a11y/useMediaCaption: the form's author links the recording; a transcript is theirs to add
      <audio
        className="fl-media-audio"
        src={mediaLink}
        controls
        preload="metadata"
        aria-label={translate("widget.media.audio")}
      />
    );
  }
  // A video site's page is played in that site's player: a <video> cannot play a page.
  const player = videoEmbedAddress(mediaLink);
  if (player)
    return (
      <iframe
        className="fl-media-video fl-media-player"
        src={player}
        title={translate("widget.media.video")}
        allow="encrypted-media; fullscreen; picture-in-picture"
        allowFullScreen
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  return (
    // biome-ignore lint/a11y/useMediaCaption: the form's author links the video; captions are theirs to add in it
    <video
      className="fl-media-video"
      src={mediaLink}
      controls
      preload="metadata"
      playsInline
      aria-label={translate("widget.media.video")}
    />
  );
}

/** Every question type shows its media above its own input, whatever the type. */
export function withQuestionMedia<T extends string>(
  components: Partial<Record<T, ComponentType<FieldProps>>>,
): Partial<Record<T, ComponentType<FieldProps>>> {
  return Object.fromEntries(
    Object.entries(components).map(([type, Input]) => {
      const Component = Input as ComponentType<FieldProps>;
      function WithMedia(props: FieldProps) {
        return (
          <>
            <QuestionMedia element={props.element} />
            <Component {...props} />
          </>
        );
      }
      return [type, WithMedia];
    }),
  ) as Partial<Record<T, ComponentType<FieldProps>>>;
}
