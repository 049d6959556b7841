import { Fragment, useEffect, useState } from 'react';
import { Circle, CircleMarker, MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { divIcon, latLngBounds, type Map as LeafletMap } from 'leaflet';
import { type MantineTheme, useMantineTheme } from '@mantine/core';
import 'leaflet/dist/leaflet.css';
import classes from './FenceMap.module.css';

/** A fence drawn on the map: its centre and its distance ring. */
export interface MapFence {
  key: string;
  name: string;
  lat: number;
  lon: number;
  radius: number;
  selected?: boolean;
}

interface Props {
  fences: MapFence[];
  /** Leaflet's tile URL template ({z}/{x}/{y}); empty: no tiles (the rings still show). */
  tileUrl: string;
  /** Clicking the map picks a centre (the editor); absent: read-only. */
  onPick?: (lat: number, lon: number) => void;
  height?: number;
  testId?: string;
}

/** São Paulo: where the map opens without fences. */
const DEFAULT_CENTER: [number, number] = [-23.5505, -46.6333];

/** Fits the map to the fences whenever the set of rings changes, and when the map is resized. */
function FitFences({ fences }: { fences: MapFence[] }) {
  const map = useMap();
  const key = fences.map((f) => `${f.key}:${f.lat}:${f.lon}:${f.radius}`).join('|');
  const fit = () => {
    if (fences.length === 0) return;
    const bounds = latLngBounds(fences.map((f) => [f.lat, f.lon] as [number, number]));
    fences.forEach((f) => {
      // The ring's extent: one degree of latitude is ~111 km.
      const d = f.radius / 111_000;
      bounds.extend([f.lat + d, f.lon + d]).extend([f.lat - d, f.lon - d]);
    });
    // Not animated: the labels regroup at once, at the zoom they are shown at.
    map.fitBounds(bounds, { padding: [24, 24], maxZoom: 17, animate: false });
  };
  useMapEvents({ resize: fit });
  // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for fences
  useEffect(fit, [key, map]);
  return null;
}

function PickCentre({ onPick }: { onPick: (lat: number, lon: number) => void }) {
  useMapEvents({ click: (e) => onPick(Number(e.latlng.lat.toFixed(6)), Number(e.latlng.lng.toFixed(6))) });
  return null;
}

interface Label {
  key: string;
  lat: number;
  lon: number;
  names: string[];
}

/**
 * The screen box a label takes above its centre at (x, y): its lines of 12 px text (17 px high,
 * about 7 px a character) in 4 px of padding, 12 px above the centre, with a gap of 4 px.
 */
function labelBox(x: number, y: number, names: string[]) {
  const width = Math.max(...names.map((n) => n.length)) * 7 + 12;
  const height = names.length * 17 + 8;
  return { left: x - width / 2 - 4, right: x + width / 2 + 4, top: y - 12 - height - 4, bottom: y - 8 };
}

/**
 * The labels at a zoom: fences whose labels would cover each other share one (one name per line),
 * placed at the first fence's centre; merging repeats until no two labels meet.
 */
function labelsAt(map: LeafletMap, fences: MapFence[], zoom: number): Label[] {
  const labels = fences.map((f) => ({ key: f.key, lat: f.lat, lon: f.lon, names: [f.name], ...map.project([f.lat, f.lon], zoom) }));
  const meet = (a: (typeof labels)[number], b: (typeof labels)[number]) => {
    const p = labelBox(a.x, a.y, a.names);
    const q = labelBox(b.x, b.y, b.names);
    return p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom;
  };
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < labels.length && !merged; i++) {
      for (let j = i + 1; j < labels.length && !merged; j++) {
        if (!meet(labels[i], labels[j])) continue;
        labels[i].names.push(...labels[j].names);
        labels.splice(j, 1);
        merged = true;
      }
    }
  }
  return labels;
}

/** A label's icon: its names as text nodes (never parsed as HTML), above the centre. */
function labelIcon(names: string[]) {
  const box = document.createElement('div');
  box.className = classes.box;
  names.forEach((n) => box.appendChild(document.createElement('div')).append(n));
  // iconSize [0, 0]: the corner Leaflet places on the centre is the box's anchor.
  return divIcon({ className: 'fence-label', html: box, iconSize: [0, 0] });
}

/** The gap, in pixels, kept between a label and the map's edges or its zoom buttons. */
const EDGE = 4;

/**
 * Shifts each label that would cross the map's edge, or lie under the zoom buttons, back inside:
 * a fence near the border keeps its name readable (at 390 px the fitted view puts one there).
 */
function keepInside(map: LeafletMap) {
  const container = map.getContainer();
  const edge = container.getBoundingClientRect();
  const zoom = container.querySelector('.leaflet-control-zoom')?.getBoundingClientRect();
  container.querySelectorAll<HTMLElement>(`.${classes.box}`).forEach((box) => {
    box.style.setProperty('--dx', '0px');
    box.style.setProperty('--dy', '0px');
    // A label whose fence is out of view stays with it, clipped: only visible centres pull theirs in.
    const anchor = box.parentElement!.getBoundingClientRect();
    if (anchor.left < edge.left || anchor.left > edge.right || anchor.top < edge.top || anchor.top > edge.bottom) return;
    const r = box.getBoundingClientRect();
    let dx = Math.max(0, edge.left + EDGE - r.left) - Math.max(0, r.right - (edge.right - EDGE));
    const dy = Math.max(0, edge.top + EDGE - r.top) - Math.max(0, r.bottom - (edge.bottom - EDGE));
    const under = zoom && r.left + dx < zoom.right && zoom.left < r.right + dx && r.top + dy < zoom.bottom && zoom.top < r.bottom + dy;
    if (under) dx = zoom.right + EDGE - r.left;
    box.style.setProperty('--dx', `${dx}px`);
    box.style.setProperty('--dy', `${dy}px`);
  });
}

/**
 * The names on the map, regrouped at each zoom. Each label is a marker of its own, neither
 * clickable nor focusable, keyed by its names: a regrouping replaces labels whole.
 */
function FenceLabels({ fences }: { fences: MapFence[] }) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()), moveend: () => keepInside(map) });
  const labels = labelsAt(map, fences, zoom);
  const shown = labels.map((l) => l.names.join('\n')).join('|');
  // After the markers are placed (their effects run before this one).
  useEffect(() => keepInside(map), [map, shown]);
  return labels.map((l) => (
    <Marker
      key={`${l.key}:${l.names.join('\n')}`}
      position={[l.lat, l.lon]}
      icon={labelIcon(l.names)}
      interactive={false}
      keyboard={false}
    />
  ));
}

function FenceShape({ fence, theme }: { fence: MapFence; theme: MantineTheme }) {
  const color = fence.selected ? theme.colors.blue[6] : theme.colors.teal[7];
  return (
    <Fragment>
      <Circle
        center={[fence.lat, fence.lon]}
        radius={fence.radius}
        className="fence-ring"
        pathOptions={{ color, weight: fence.selected ? 3 : 2, fillOpacity: 0.12 }}
      />
      <CircleMarker center={[fence.lat, fence.lon]} radius={6} className="fence-centre" pathOptions={{ color, fillOpacity: 1 }} />
    </Fragment>
  );
}

/**
 * The fences on a Leaflet map (react-leaflet): a marker at each centre, the ring of its
 * radius and the names. The selected fence is drawn in the primary colour.
 */
// The wrapper is its own stacking context: Leaflet's panes (z-index 400 and up) stay below
// the app's dialogs and dropdowns.
export function FenceMap({ fences, tileUrl, onPick, height = 420, testId = 'fence-map' }: Props) {
  // Leaflet writes colours into SVG attributes, where CSS variables do not resolve.
  const theme = useMantineTheme();
  return (
    <div data-testid={testId} data-fences={fences.length} style={{ height, borderRadius: 8, overflow: 'hidden', position: 'relative', zIndex: 0 }}>
      <MapContainer center={DEFAULT_CENTER} zoom={12} style={{ height: '100%', width: '100%', background: 'var(--mantine-color-gray-1)' }}>
        {tileUrl && <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap" />}
        {/* Before FitFences: the labels' zoom listener is in place when the first fit zooms. */}
        <FenceLabels fences={fences} />
        <FitFences fences={fences} />
        {onPick && <PickCentre onPick={onPick} />}
        {fences.map((f) => (
          <FenceShape key={f.key} fence={f} theme={theme} />
        ))}
      </MapContainer>
    </div>
  );
}
