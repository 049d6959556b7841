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

/** Fits the map to the fences whenever the set of rings changes. */
function FitFences({ fences }: { fences: MapFence[] }) {
  const map = useMap();
  const key = fences.map((f) => `${f.key}:${f.lat}:${f.lon}:${f.radius}`).join('|');
  useEffect(() => {
    if (fences.length === 0) return;
    const bounds = latLngBounds(fences.map((f) => [f.lat, f.lon] as [number, number]));
    fences.forEach((f) => {
      // The ring's extent: one degree of latitude is ~111 km.
      const d = f.radius / 111_000;
      bounds.extend([f.lat + d, f.lon + d]).extend([f.lat - d, f.lon - d]);
    });
    map.fitBounds(bounds, { padding: [24, 24], maxZoom: 17 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for fences
  }, [key, map]);
  return null;
}

function PickCentre({ onPick }: { onPick: (lat: number, lon: number) => void }) {
  useMapEvents({ click: (e) => onPick(Number(e.latlng.lat.toFixed(6)), Number(e.latlng.lng.toFixed(6))) });
  return null;
}

/** How close, in screen pixels, two centres are for their names to share one label (about a label's size). */
const LABEL_BOX = { width: 200, height: 50 };

interface Label {
  key: string;
  lat: number;
  lon: number;
  names: string[];
}

/**
 * The labels at a zoom: a fence whose centre falls within LABEL_BOX of a labelled one adds its
 * name to that label (one per line) instead of drawing a label over it.
 */
function labelsAt(map: LeafletMap, fences: MapFence[], zoom: number): Label[] {
  const labels: (Label & { x: number; y: number })[] = [];
  fences.forEach((f) => {
    const p = map.project([f.lat, f.lon], zoom);
    const near = labels.find((l) => Math.abs(l.x - p.x) < LABEL_BOX.width && Math.abs(l.y - p.y) < LABEL_BOX.height);
    if (near) near.names.push(f.name);
    else labels.push({ key: f.key, lat: f.lat, lon: f.lon, names: [f.name], x: p.x, y: p.y });
  });
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

/**
 * The names on the map, regrouped at each zoom. Each label is a marker of its own, neither
 * clickable nor focusable, keyed by its names: a regrouping replaces labels whole.
 */
function FenceLabels({ fences }: { fences: MapFence[] }) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  return labelsAt(map, fences, zoom).map((l) => (
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
