import { useEffect, useRef } from "react";
import type { BimScene } from "./bim-scene";

/**
 * Calls `onClick` for a press and release on the scene's canvas that moved at most 4 px: a click, not the end of an
 * orbit or a pan. The latest `onClick` is called, so it may read the render's state.
 */
export function useSceneClick(scene: BimScene | null, onClick: (scene: BimScene, x: number, y: number) => void) {
  const handler = useRef(onClick);
  handler.current = onClick;
  useEffect(() => {
    if (!scene) return;
    const canvas = scene.canvas;
    let down: { x: number; y: number } | null = null;
    const onDown = (event: PointerEvent) => {
      down = { x: event.clientX, y: event.clientY };
    };
    const onUp = (event: PointerEvent) => {
      if (!down || Math.hypot(event.clientX - down.x, event.clientY - down.y) > 4) return;
      handler.current(scene, event.clientX, event.clientY);
    };
    canvas.addEventListener("pointerdown", onDown);
    canvas.addEventListener("pointerup", onUp);
    return () => {
      canvas.removeEventListener("pointerdown", onDown);
      canvas.removeEventListener("pointerup", onUp);
    };
  }, [scene]);
}
