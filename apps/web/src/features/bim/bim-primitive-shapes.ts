import type { BimPrimitive } from "@planum/contracts";
import {
  BoxGeometry,
  type BufferGeometry,
  CylinderGeometry,
  Euler,
  Matrix4,
  PlaneGeometry,
  Quaternion,
  SphereGeometry,
  Vector3,
} from "three";

const DEGREE = Math.PI / 180;

/**
 * Unit shapes standing on the origin (three.js is y-up): a 1 m box, a sphere and a cylinder of 1 m diameter and
 * height, a 1 m square flat on the ground. A primitive scales, turns and moves one of them.
 */
function unitShape(shape: BimPrimitive["shape"]): BufferGeometry {
  switch (shape) {
    case "box":
      return new BoxGeometry(1, 1, 1).translate(0, 0.5, 0);
    case "sphere":
      return new SphereGeometry(0.5, 32, 16).translate(0, 0.5, 0);
    case "cylinder":
      return new CylinderGeometry(0.5, 0.5, 1, 32).translate(0, 0.5, 0);
    case "plane":
      // lying on the ground, seen from above and below
      return new PlaneGeometry(1, 1).rotateX(-Math.PI / 2);
  }
}

/**
 * A primitive's geometry and placement in the scene. The site plan is x east, y north, z up (contracts
 * bim-primitives.schema.ts); the scene, as web-ifc's models, is y-up: plan (x, y, z) is scene (x, z, −y). Turns
 * about the plan's x, y, z are about the scene's x, −z, y, applied in that order (x first).
 */
export function primitivePlacement(primitive: Pick<BimPrimitive, "shape" | "size" | "position" | "rotation">) {
  const [sx, sy, sz] = primitive.size;
  const [px, py, pz] = primitive.position;
  const [rx, ry, rz] = primitive.rotation;
  const turn = new Quaternion().setFromEuler(new Euler(rx * DEGREE, rz * DEGREE, -ry * DEGREE, "YZX"));
  const matrix = new Matrix4().compose(
    new Vector3(px, pz, -py),
    turn,
    new Vector3(sx, primitive.shape === "plane" ? 1 : sz, sy),
  );
  return { geometry: unitShape(primitive.shape), matrix };
}
