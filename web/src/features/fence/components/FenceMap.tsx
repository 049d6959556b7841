import { Fragment, useEffect, useState } from 'react';
import { Circle, CircleMarker, MapContainer, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { latLngBounds, type Map as LeafletMap } from 'leaflet';
import { type MantineTheme, useMantineTheme } from '@mantine/core';
import 'leaflet/dist/leaflet.css';

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

/**
 * The labels at zoom: fences whose centres fall within LABEL_BOX of a labelled one add
 * their name to its label (one per line) instead of drawing one over it. Keyed by the fence
 * that carries the label.
 */
function labelsAt(map: LeafletMap, fences: MapFence[], zoom: number): Map<string, string[]> {
  const anchors: { key: string; x: number; y: number; names: string[] }[] = [];
  fences.forEach((f) => {
    const p = map.project([f.lat, f.lon], zoom);
    const near = anchors.find((a) => Math.abs(a.x - p.x) < LABEL_BOX.width && Math.abs(a.y - p.y) < LABEL_BOX.height);
    if (near) near.names.push(f.name);
    else anchors.push({ key: f.key, x: p.x, y: p.y, names: [f.name] });
  });
  return new Map(anchors.map((a) => [a.key, a.names]));
}

/** The rings, the centres and their labels, regrouped at each zoom. */
function Fences({ fences, theme }: { fences: MapFence[]; theme: MantineTheme }) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const labels = labelsAt(map, fences, zoom);
  return fences.map((f) => {
    const color = f.selected ? theme.colors.blue[6] : theme.colors.teal[7];
    const names = labels.get(f.key);
    return (
      <Fragment key={f.key}>
        <Circle center={[f.lat, f.lon]} radius={f.radius} className="fence-ring" pathOptions={{ color, weight: f.selected ? 3 : 2, fillOpacity: 0.12 }} />
        <CircleMarker center={[f.lat, f.lon]} radius={6} className="fence-centre" pathOptions={{ color, fillOpacity: 1 }}>
          {names && (
            <Tooltip permanent direction="top" offset={[0, -6]}>
              {names.map((n, i) => (
                <div key={i}>{n}</div>
              ))}
            </Tooltip>
          )}
        </CircleMarker>
      </Fragment>
    );
  });
}

/**
 * The fences on a Leaflet map (react-leaflet): a marker at each centre and the ring of its
 * radius. The selected fence is drawn in the primary colour.
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
        {/* Before FitFences: its zoom listener is in place when the first fit zooms. */}
        <Fences fences={fences} theme={theme} />
        <FitFences fences={fences} />
        {onPick && <PickCentre onPick={onPick} />}
      </MapContainer>
    </div>
  );
}
