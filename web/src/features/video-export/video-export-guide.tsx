import { CircleHelp } from "lucide-react"
import { videoFormatNames, videoFormats } from "#modules/videos/api-video-formats.ts"
import { Button } from "../../components/ui/button.tsx"
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog.tsx"

/**
 * What an export makes, truthfully: the sizes we render, the file's codecs, where it is made and how long
 * it takes (about 0.6 x the song on our servers, measured by bench/video).
 */
export const VideoExportGuide = () => (
  <Dialog>
    <DialogTrigger asChild>
      <Button variant="ghost" size="sm" aria-label="Video Export Guide">
        <CircleHelp className="h-4 w-4" aria-hidden /> Guide
      </Button>
    </DialogTrigger>
    <DialogContent className="w-[min(92vw,32rem)]">
      <DialogTitle>Video Export Guide</DialogTitle>
      <DialogDescription>
        Your song becomes a video with its cover, its title and a waveform that moves with the
        music, over an animated background made for each format.
      </DialogDescription>
      <table className="mt-4 w-full text-sm">
        <caption className="sr-only">Video sizes</caption>
        <thead>
          <tr className="text-left text-xs text-faint">
            <th className="pb-1 font-semibold">Format</th>
            <th className="pb-1 font-semibold">Size (pixels)</th>
          </tr>
        </thead>
        <tbody>
          {videoFormatNames.map((name) => (
            <tr key={name} className="border-t border-line">
              <td className="py-1.5">{videoFormats[name].label}</td>
              <td className="py-1.5 tabular-nums text-muted">
                {videoFormats[name].width} x {videoFormats[name].height}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-4 grid list-disc gap-1.5 pl-5 text-sm text-muted">
        <li>MP4 file: H.264 video at 30 fps, AAC audio at 128 kbps, ready to upload as it is.</li>
        <li>
          The video is rendered on our servers, not in your browser: you can close this window or
          keep working while it renders, and the progress shown is the render's own.
        </li>
        <li>It takes a little over half the song's length: about 2 minutes for a 3-minute song.</li>
        <li>One export at a time: start the next when the first is done.</li>
      </ul>
    </DialogContent>
  </Dialog>
)
